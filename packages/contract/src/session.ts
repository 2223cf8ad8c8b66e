/**
 * The browser session's cookies (docs/decisions/034-browser-session-cookie.md). The server
 * sets both: the token in an HttpOnly cookie no script can read, and beside it the account
 * type, which is no secret and tells the web app that a session is open and what to show.
 */
export const SESSION_COOKIE = 'cryptads_session';
export const USER_TYPE_COOKIE = 'cryptads_user_type';
