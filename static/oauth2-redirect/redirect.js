/*
 * The OAuth 2.0 redirect page of the request console (src/components/ApiConsole/auth/oauth.ts).
 * The authorization server sends the reader here with ?code=…&state=… (or ?error=…). This page
 * wipes that answer from its own address and history first, hands it to the console that opened
 * the sign-in window (same origin only: postMessage to this origin, or a BroadcastChannel when
 * the opener link was cut), and closes. The console checks `state` before it uses the code.
 */
(function () {
  var answer = window.location.search;
  window.history.replaceState(null, '', window.location.pathname);
  var status = document.getElementById('status');
  if (!answer) {
    status.textContent = 'Nothing to hand over: open this page through "Authorize" in the request console.';
    return;
  }
  var message = {type: 'portal-oauth2-redirect', query: answer};
  var delivered = false;
  try {
    if (window.opener && window.opener !== window) {
      window.opener.postMessage(message, window.location.origin);
      delivered = true;
    }
  } catch (e) {
    delivered = false;
  }
  if (!delivered && typeof BroadcastChannel === 'function') {
    var channel = new BroadcastChannel('portal-oauth2');
    channel.postMessage(message);
    channel.close();
    delivered = true;
  }
  status.textContent = delivered
    ? 'Done: the request console has the answer. You can close this window.'
    : 'This browser could not hand the answer back to the request console. Close this window and try again.';
  if (delivered) window.close();
})();
