/* Offline play and updates for the Harp page.
 *
 * Once the game is ready (<html data-harp-ready>), register the service
 * worker ./sw.js: relative, so its scope follows the page's folder on any
 * host or sub-path.  Registering only then means the worker's precache finds
 * the files the page has just loaded in the HTTP cache and revalidates them
 * instead of downloading them a second time.  Also ask for persistent
 * storage, so the browser keeps the cached game under storage pressure.
 *
 * When a newer build has installed and waits, show a small banner,
 * "A new version is ready", with a Reload button.  Reload asks the waiting
 * worker to take over, then reloads the page; ignoring it is fine too, the
 * next load of the page applies the update (see static/sw.template.js).
 * The game in progress is in localStorage, which none of this touches.
 */
const workers = navigator.serviceWorker;
const root = document.documentElement;
let reloadOnChange = false;

function whenGameReady(callback) {
  if (root.hasAttribute("data-harp-ready")) return callback();
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute("data-harp-ready")) return;
    observer.disconnect();
    callback();
  });
  observer.observe(root, { attributes: true, attributeFilter: ["data-harp-ready"] });
}

function register() {
  workers.register("./sw.js").then((registration) => {
    // A browser that blocks workers may resolve with nothing at all.
    if (!registration) return;
    watch(registration);
    // Look for a new build on every load (register() alone does not when
    // the worker is already installed); offline this fails, quietly.
    if (workers.controller) registration.update().catch(() => {});
  }, () => {
    // No worker (private mode, blocked, offline on a first visit): the game still plays.
  });
  if (navigator.storage?.persist) {
    navigator.storage.persist().catch(() => {});
  }
}

function watch(registration) {
  function offerIfWaiting() {
    // With no controller this is the first install, not an update.
    if (registration.waiting && workers.controller) offer(registration);
  }
  function follow(worker) {
    if (worker) worker.addEventListener("statechange", offerIfWaiting);
  }
  follow(registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
  offerIfWaiting();
}

function offer(registration) {
  if (document.getElementById("harp-update")) return;
  const bar = document.createElement("div");
  bar.id = "harp-update";
  bar.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = say("boot.update_ready");
  const reload = button(say("boot.update_reload"), true, () => {
    reload.disabled = true;
    reloadOnChange = true;
    if (registration.waiting) registration.waiting.postMessage("skip-waiting");
    else location.reload();
  });
  const later = button(say("boot.update_later"), false, () => bar.remove());
  bar.append(text, reload, later);
  // Styled through the CSSOM (allowed by a CSP without 'unsafe-inline'),
  // so the banner needs nothing from the page's stylesheet.
  setStyle(bar, {
    position: "fixed", left: "50%", bottom: "max(12px, env(safe-area-inset-bottom))",
    transform: "translateX(-50%)", zIndex: "2147483000", display: "flex",
    alignItems: "center", gap: "10px", padding: "8px 10px 8px 14px", maxWidth: "calc(100vw - 24px)",
    background: "#10241a", color: "#fff", border: "1px solid #ffd54a", borderRadius: "8px",
    boxShadow: "0 4px 16px rgba(0, 0, 0, 0.4)", font: "15px/1.3 system-ui, sans-serif"
  });
  document.body.append(bar);
}

function say(key) {   // boot.js's words in the page's language (it runs first)
  return window.harpWord ? window.harpWord(key) : key;
}

function button(label, main, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  setStyle(b, {
    font: "inherit", padding: "4px 12px", minHeight: "32px", borderRadius: "6px", cursor: "pointer",
    border: "0", background: main ? "#ffd54a" : "transparent",
    color: main ? "#10241a" : "#fff"
  });
  b.addEventListener("click", onClick);
  return b;
}

function setStyle(element, style) {
  Object.assign(element.style, style);
}

// Without service workers (or outside a secure context) there is nothing to do.
if ("serviceWorker" in navigator) {
  workers.addEventListener("controllerchange", () => {
    // Only after Reload: a first visit's worker taking control is no reason.
    if (reloadOnChange) location.reload();
  });
  whenGameReady(register);
}
