/** What the build-time render of the login route gives the HTML it is written into. */
export interface PrerenderedLogin {
  /** The markup of the login route (UserLayout with the login page). */
  html: string;
  /** antd's CSS for that markup, as <style> elements (with cssinjs' cache map, which the client reuses). */
  styles: string;
  /** The document title the page sets once it runs. */
  title: string;
}

export function isPrerenderModule(value: unknown): value is { renderLogin(): Promise<PrerenderedLogin> } {
  return typeof value === 'object' && value !== null && 'renderLogin' in value && typeof value.renderLogin === 'function';
}
