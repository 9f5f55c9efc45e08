/** The page reload, behind a seam because jsdom's location.reload cannot be stubbed. */
export const pageControl = {
  reload(): void {
    window.location.reload();
  },
};
