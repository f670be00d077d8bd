/**
 * The session watcher (spec 01 §4 Sessions; §9 refresh intervals), an inline script the root
 * renders into every page, so pages that ship no JavaScript bundle get it too:
 *
 * - Cross-tab: body[data-auth] holds the signed-in user's id ("" for a guest). The page writes it
 *   to localStorage; when another tab writes a different value (it logged out, or logged in),
 *   this page reloads. A client-side sign-in or sign-out changes data-auth and is written the same way.
 * - Signed-in pages refresh the unread dot from GET /app/api/notifications/recent every
 *   2 minutes; once that fails they send GET /app/api/heartbeat every 2 minutes instead. A 401
 *   from either means the session expired: clear the flag (other tabs follow) and reload.
 *
 * Pages without data-auth (the error page of a failed root loader) take no part, so a broken
 * page cannot set tabs reloading each other.
 */
import {
  AJAX_HEADER,
  AJAX_HEADER_VALUE,
  API_BASE,
  AUTH_STORAGE_KEY,
  FINGERPRINT_HEADER,
  FINGERPRINT_PATTERN,
  FINGERPRINT_STORAGE_KEY,
  HEARTBEAT_INTERVAL_MS,
  NOTIFICATION_REFRESH_MS,
} from "./api-protocol";

const config = JSON.stringify({
  key: AUTH_STORAGE_KEY,
  fingerprintKey: FINGERPRINT_STORAGE_KEY,
  fingerprintPattern: FINGERPRINT_PATTERN.source,
  headers: { ajax: AJAX_HEADER, ajaxValue: AJAX_HEADER_VALUE, fingerprint: FINGERPRINT_HEADER },
  recent: `${API_BASE}/notifications/recent`,
  heartbeat: `${API_BASE}/heartbeat`,
  recentMs: NOTIFICATION_REFRESH_MS,
  heartbeatMs: HEARTBEAT_INTERVAL_MS,
}).replace(/</g, "\\u003c");

export const SESSION_WATCH_SCRIPT = `(function (c) {
  var body = document.body;
  if (!body.hasAttribute("data-auth")) return;
  var me = body.getAttribute("data-auth") || "";
  var read = function () { try { return localStorage.getItem(c.key); } catch (e) { return null; } };
  var write = function (value) { try { localStorage.setItem(c.key, value); } catch (e) {} };
  write(me);

  window.addEventListener("storage", function (event) {
    if (event.key === c.key && event.newValue !== null && event.newValue !== me) location.reload();
  });
  window.addEventListener("pageshow", function (event) {
    var stored = read();
    if (event.persisted && stored !== null && stored !== me) location.reload();
  });
  new MutationObserver(function () {
    var now = body.getAttribute("data-auth") || "";
    if (now === me) return;
    me = now;
    write(now);
    schedule();
  }).observe(body, { attributes: true, attributeFilter: ["data-auth"] });

  var fingerprint = function () {
    var value = null;
    try { value = sessionStorage.getItem(c.fingerprintKey); } catch (e) {}
    if (value && new RegExp(c.fingerprintPattern).test(value)) return value;
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    value = Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
    try { sessionStorage.setItem(c.fingerprintKey, value); } catch (e) {}
    return value;
  };
  var get = function (url) {
    var headers = { Accept: "application/json" };
    headers[c.headers.ajax] = c.headers.ajaxValue;
    headers[c.headers.fingerprint] = fingerprint();
    return fetch(url, { headers: headers, credentials: "same-origin", cache: "no-store" });
  };
  var expired = function () { write(""); location.reload(); };
  var showDot = function (unread) {
    document.querySelectorAll("[data-unread-dot]").forEach(function (dot) { dot.hidden = !unread; });
  };

  var timer = 0;
  var heartbeat = false;
  var tick = function () {
    if (!me) return;
    if (heartbeat) {
      get(c.heartbeat).then(function (response) { if (response.status === 401) expired(); }, function () {});
      return;
    }
    get(c.recent)
      .then(function (response) {
        if (response.status === 401) return expired();
        if (!response.ok) throw new Error("notifications " + response.status);
        return response.json().then(function (payload) { showDot(payload.data.unread_count > 0); });
      })
      .catch(function () { heartbeat = true; schedule(); });
  };
  var schedule = function () {
    clearInterval(timer);
    timer = me ? setInterval(tick, heartbeat ? c.heartbeatMs : c.recentMs) : 0;
  };
  schedule();
})(${config});`;
