// Runs a list of token-store operations headless and prints what happened as one JSON line, for
// test/token-file.test.ts: gjs -m token-file-run.js STORE_PATH '[["set","auth_token","v"],...]'
import Gio from 'gi://Gio'
import GLib from 'gi://GLib'
import { TokenFile } from '../../src/token-file.js'

const [path, operationsJson] = ARGV
const store = new TokenFile(path)

function fileState() {
  if (!GLib.file_test(path, GLib.FileTest.EXISTS)) return { exists: false }
  const info = (target) =>
    Gio.File.new_for_path(target).query_info('unix::mode', Gio.FileQueryInfoFlags.NOFOLLOW_SYMLINKS, null)
  return {
    exists: true,
    mode: info(path).get_attribute_uint32('unix::mode') & 0o777,
    folderMode: info(GLib.path_get_dirname(path)).get_attribute_uint32('unix::mode') & 0o777,
  }
}

const results = JSON.parse(operationsJson).map(([operation, ...args]) => {
  try {
    const value = store[operation](...args)
    return { value: value ?? null, file: fileState() }
  } catch (error) {
    return { error: error.message, file: fileState() }
  }
})
print(JSON.stringify(results))
