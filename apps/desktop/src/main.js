// gjs -m src/main.js [--url URL] [--automation] [--command-log FILE]
//
// The desktop wrapper on Linux: the learner app in a WebKitGTK window, with Tauri 2's invoke bridge
// answered natively (src/commands.js). Settings from the environment: COURSEKIT_DESKTOP_URL,
// COURSEKIT_DESKTOP_COMMAND_LOG; the token store follows XDG_CONFIG_HOME.
import GLib from 'gi://GLib'
import Gtk from 'gi://Gtk?version=3.0'
import WebKit2 from 'gi://WebKit2?version=4.1'
import { installBridge } from './bridge-host.js'
import { openCommandLog } from './command-log.js'
import { createCommands } from './commands.js'
import { compileContentFilter } from './content-filter.js'
import { saveDownloadsTo } from './downloads.js'
import { parseOptions, USAGE } from './options.js'
import { HttpProxy } from './proxy.js'
import { Shell } from './shell-window.js'
import { TokenFile } from './token-file.js'
import { applyUserAgent, wrapperVersion } from './user-agent.js'

const loop = new GLib.MainLoop(null, false)
let exitCode = 0

async function start(options) {
  const [hasDisplay] = Gtk.init_check(null)
  if (!hasDisplay) throw new Error('no display to open the window on; headless, run it under xvfb-run -a')
  const settings = new WebKit2.Settings({ enable_developer_extras: options.automation })
  const version = wrapperVersion()
  const userAgent = applyUserAgent(settings, version)
  const context = new WebKit2.WebContext()
  saveDownloadsTo(context)
  const contentManager = new WebKit2.UserContentManager()
  const log = options.commandLog ? openCommandLog(options.commandLog) : undefined
  installBridge(contentManager, createCommands({ proxy: new HttpProxy({ userAgent }), tokens: new TokenFile(), log }))
  // No page loads before the filter is in place: the shell holds every navigation until then.
  const filterInPlace = compileContentFilter().then((filter) => contentManager.add_filter(filter))
  // Automation is allowed and the first window opened here, before the first await: WebKitWebDriver
  // connects as soon as the program starts, gives up on a browser that does not offer automation
  // then, and asks for its window as soon as the loop turns.
  const shell = new Shell({
    context,
    contentManager,
    settings,
    automation: options.automation,
    version,
    loadsWaitFor: filterInPlace,
    onLastWindowClosed: () => loop.quit(),
  })
  shell.openFirstWindow(options.url)
  await filterInPlace
}

let options
try {
  options = parseOptions(ARGV, GLib.getenv.bind(GLib))
} catch (error) {
  printerr(`${error.message}\n\n${USAGE}`)
  imports.system.exit(2)
}
if (options.help) {
  print(USAGE)
} else {
  // Started from the loop, so promise reactions (the start's failure among them) run as it turns.
  GLib.idle_add(GLib.PRIORITY_DEFAULT, () => {
    start(options).catch((error) => {
      printerr(`coursekit desktop could not start: ${error.message}`)
      exitCode = 1
      loop.quit()
    })
    return GLib.SOURCE_REMOVE
  })
  loop.run()
  imports.system.exit(exitCode)
}
