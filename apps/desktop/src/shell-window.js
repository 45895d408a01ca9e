// The window: a GTK 3 window titled 코스킷 holding one WebKit web view with the bridge, the content
// filter and the wrapper's user agent; and, with `--automation`, the hooks WebKitWebDriver needs.
//
// What must stay true:
// - Every web view of the shell (the first, ones the page opens, ones WebDriver asks for) uses the
//   same user content manager (bridge + filter), settings (user agent) and web context.
// - Under automation each view is made with `is-controlled-by-automation: true`, and the session's
//   `create-web-view` gets the first window's view before any new one is opened. So the first window
//   opens in the same main-loop turn that allows automation: WebKitWebDriver asks for its view as
//   soon as the loop turns, and a view it gets before then is a second, blank window.
// - No view navigates before `loadsWaitFor` settles (the content filter is in place): a navigation
//   asked for earlier, by the shell or by WebDriver, is held and goes ahead then.
// - Closing the last window ends the program.
import Gtk from 'gi://Gtk?version=3.0'
import WebKit2 from 'gi://WebKit2?version=4.1'

export const WINDOW_TITLE = '코스킷'
const DEFAULT_SIZE = [1280, 800]

export class Shell {
  /**
   * @param {{ context: WebKit2.WebContext, contentManager: WebKit2.UserContentManager,
   *           settings: WebKit2.Settings, automation: boolean, version: string,
   *           loadsWaitFor: Promise<unknown>, onLastWindowClosed: () => void }} options
   */
  constructor({ context, contentManager, settings, automation, version, loadsWaitFor, onLastWindowClosed }) {
    this.context = context
    this.contentManager = contentManager
    this.settings = settings
    this.automation = automation
    this.version = version
    this.onLastWindowClosed = onLastWindowClosed
    this.windows = new Set()
    this.unclaimedView = null
    this.loadsWaitFor = loadsWaitFor
    this.loadsAllowed = false
    loadsWaitFor.then(
      () => {
        this.loadsAllowed = true
      },
      () => {},
    )
    if (automation) this.#allowAutomation()
  }

  /** Opens a window; loads `url` when given. */
  openWindow(url = null, relatedView = null) {
    const view = this.#newView(relatedView)
    const window = new Gtk.Window({
      title: WINDOW_TITLE,
      default_width: DEFAULT_SIZE[0],
      default_height: DEFAULT_SIZE[1],
    })
    window.add(view)
    view.connect('close', () => window.destroy())
    window.connect('destroy', () => {
      this.windows.delete(window)
      if (this.unclaimedView === view) this.unclaimedView = null
      if (this.windows.size === 0) this.onLastWindowClosed()
    })
    this.windows.add(window)
    if (url) view.load_uri(url)
    window.show_all()
    return view
  }

  #newView(relatedView) {
    const shared = {
      user_content_manager: this.contentManager,
      settings: this.settings,
      is_controlled_by_automation: this.automation,
    }
    const view = relatedView
      ? new WebKit2.WebView({ ...shared, related_view: relatedView })
      : new WebKit2.WebView({ ...shared, web_context: this.context })
    // window.open and target=_blank: a window of the shell, with the same bridge.
    view.connect('create', (parent) => this.openWindow(null, parent))
    view.connect('decide-policy', (_view, decision, type) => this.#holdUntilLoadsAllowed(decision, type))
    return view
  }

  /** Holds a navigation (or a window the page opens) asked for before loads are allowed. */
  #holdUntilLoadsAllowed(decision, type) {
    if (this.loadsAllowed || type === WebKit2.PolicyDecisionType.RESPONSE) return false
    // Using it is what WebKit does by default with a navigation or a new window it was not told about;
    // without the filter nothing loads (the program is ending then).
    this.loadsWaitFor.then(
      () => decision.use(),
      () => decision.ignore(),
    )
    return true
  }

  #allowAutomation() {
    this.context.set_automation_allowed(true)
    this.context.connect('automation-started', (_context, session) => {
      const info = new WebKit2.ApplicationInfo()
      info.set_name('coursekit-desktop')
      const [major = 0, minor = 0, micro = 0] = this.version.split('.').map(Number)
      info.set_version(major, minor, micro)
      session.set_application_info(info)
      session.connect('create-web-view', () => {
        const claimed = this.unclaimedView
        this.unclaimedView = null
        return claimed ?? this.openWindow()
      })
    })
  }

  /**
   * Opens the first window; under automation it waits for WebDriver's session to claim it. Call it
   * in the same main-loop turn as the constructor.
   */
  openFirstWindow(url) {
    const view = this.openWindow(url)
    if (this.automation) this.unclaimedView = view
    return view
  }
}
