// Sends each request through the shell's command table (proxy and all) headless and prints the
// replies or errors as one JSON line, for test/proxy.test.ts:
// gjs -m proxy-run.js USER_AGENT TIMEOUT_SECONDS '[{"command":"proxy","args":{...}}, ...]'
import GLib from 'gi://GLib'
import { createCommands } from '../../src/commands.js'
import { HttpProxy } from '../../src/proxy.js'
import { TokenFile } from '../../src/token-file.js'

const [userAgent, timeoutSeconds, callsJson] = ARGV
const logged = []
const commands = createCommands({
  proxy: new HttpProxy({ userAgent, timeoutSeconds: Number(timeoutSeconds) }),
  tokens: new TokenFile(GLib.build_filenamev([GLib.get_tmp_dir(), `coursekit-proxy-run-${GLib.random_int()}.json`])),
  log: (entry) => logged.push(entry),
})
const loop = new GLib.MainLoop(null, false)
Promise.all(
  JSON.parse(callsJson).map(({ command, args }) =>
    commands(command, args).then(
      (reply) => ({ reply }),
      (error) => ({ error: error.message }),
    ),
  ),
).then((results) => {
  print(JSON.stringify({ results, logged }))
  loop.quit()
})
loop.run()
