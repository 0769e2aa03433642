// The client's view of the login state (spec §3, §4, §6). The `token` cookie itself is HttpOnly, so
// the page cannot read it; instead we keep the stored `userInfo` (with `userid`) and a mirror of the
// cookie's expiry, renewed to 24 h on every successful response exactly as the server renews the cookie.
import { TOKEN_RENEW_HOURS } from "../../model/constants";

export interface UserInfo {
  readonly userid: string;
  readonly nickname: string;
  readonly account: string;
  readonly head_pic: string;
}

export const USER_INFO_KEY = "userInfo";
export const TOKEN_EXPIRES_KEY = "tokenExpires";

/** Storage is injectable so the request client and guard can be tested in plain Node. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function memoryStore(): KeyValueStore {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

function defaultStore(): KeyValueStore {
  try {
    if (typeof localStorage !== "undefined") return localStorage;
  } catch {
    // storage disabled (privacy mode): fall back to memory
  }
  return memoryStore();
}

export interface Session {
  user(): UserInfo | null;
  isLoggedIn(now?: number): boolean;
  /** Stores the user after login and starts the 24 h window. */
  login(user: UserInfo, now?: number): void;
  /** Updates stored fields (e.g. nickname) without touching the expiry. */
  update(patch: Partial<UserInfo>): void;
  /** Renews the expiry to 24 h from now (every successful response). */
  renew(now?: number): void;
  /** Removes the authorisation (logout, code 301). */
  clear(): void;
  subscribe(l: () => void): () => void;
}

function readUser(raw: string | null): UserInfo | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (!v || typeof v !== "object" || v.userid === undefined || v.userid === null || v.userid === "")
      return null;
    const s = (x: unknown) => (typeof x === "string" || typeof x === "number" ? String(x) : "");
    return { userid: s(v.userid), nickname: s(v.nickname), account: s(v.account), head_pic: s(v.head_pic) };
  } catch {
    return null;
  }
}

export function createSession(store: KeyValueStore = defaultStore()): Session {
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  // Another tab logging in or out changes the same storage: follow it here too.
  if (typeof window !== "undefined" && typeof localStorage !== "undefined" && store === localStorage) {
    window.addEventListener("storage", (e) => {
      if (e.key === null || e.key === USER_INFO_KEY || e.key === TOKEN_EXPIRES_KEY) emit();
    });
  }
  const windowMs = TOKEN_RENEW_HOURS * 3600_000;
  return {
    user: () => readUser(store.getItem(USER_INFO_KEY)),
    isLoggedIn(now = Date.now()) {
      if (!readUser(store.getItem(USER_INFO_KEY))) return false;
      const exp = Number(store.getItem(TOKEN_EXPIRES_KEY));
      return Number.isFinite(exp) && exp > now;
    },
    login(user, now = Date.now()) {
      store.setItem(USER_INFO_KEY, JSON.stringify(user));
      store.setItem(TOKEN_EXPIRES_KEY, String(now + windowMs));
      emit();
    },
    update(patch) {
      const cur = readUser(store.getItem(USER_INFO_KEY));
      if (!cur) return;
      store.setItem(USER_INFO_KEY, JSON.stringify({ ...cur, ...patch, userid: cur.userid }));
      emit();
    },
    renew(now = Date.now()) {
      if (store.getItem(USER_INFO_KEY)) store.setItem(TOKEN_EXPIRES_KEY, String(now + windowMs));
    },
    clear() {
      store.removeItem(USER_INFO_KEY);
      store.removeItem(TOKEN_EXPIRES_KEY);
      emit();
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export const session = createSession();
