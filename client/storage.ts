// localStorage that never throws: storage can be disabled or full, and the site must work anyway.
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Nothing to do: the choice applies to this page only.
    }
  },
};
