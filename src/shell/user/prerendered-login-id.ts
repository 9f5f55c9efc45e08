/** The element of login.html that holds the prerendered login page (beside #root); shared with the build. */
export const PRERENDER_CONTAINER_ID = 'login-prerender';
