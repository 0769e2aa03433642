// The signed-in user's settings in the app (model/settings.ts): applied at sign-in from the server's
// answer (with the spec's stored configuration and the space used), kept in local storage so a
// reload starts with them, and saved back to the server on every change so they follow the user.
// The unit also lives under the spec's MeasureUnit key, which the editor reads.
import { useSyncExternalStore } from "react";
import { writeUnit } from "../../editor/prefs";
import { isLanguage } from "../../i18n/messages";
import type { MeasureUnit } from "../../model/constants";
import { DEFAULT_SETTINGS, normaliseSettings, type UserSettings } from "../../model/settings";
import { measureUnitOf } from "../../model/units";
import { interfaceApi } from "../api/client";
import { setLanguage } from "../i18n";

export const SETTINGS_KEY = "userSettings";
export const CONFIGURATION_KEY = "configuration";
const UNIT_KEY = "MeasureUnit";

export interface SpaceUse {
  readonly used: number;
  readonly total: number;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
function readJson(key: string): unknown {
  try {
    return JSON.parse(storage()?.getItem(key) ?? "null");
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // storage full or disabled: the value lasts for this page
  }
}

/** Stored settings; the unit is the MeasureUnit key's (the editor's label settings may change it). */
function loadStored(): UserSettings {
  const s = normaliseSettings(readJson(SETTINGS_KEY));
  const unit = storage()?.getItem(UNIT_KEY);
  return unit ? { ...s, unit: measureUnitOf(unit) } : s;
}

let current: UserSettings = loadStored();
let space: SpaceUse | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

function apply(next: UserSettings): void {
  const languageChanged = next.language !== current.language;
  current = next;
  write(SETTINGS_KEY, JSON.stringify(next));
  writeUnit(next.unit);
  if (languageChanged && next.language && isLanguage(next.language)) setLanguage(next.language);
  emit();
}

const asSpace = (v: unknown): SpaceUse | null => {
  const o = v && typeof v === "object" ? (v as Record<string, unknown>) : null;
  const used = Number(o?.used);
  const total = Number(o?.total);
  return o && Number.isFinite(used) && Number.isFinite(total) && total > 0 ? { used, total } : null;
};

/**
 * What a sign-in answered (or /api/user/getSettings): the settings, the stored configuration
 * (member_space, image_size) and the space used. Fields that are absent leave things as they are.
 */
export function applySignIn(data: unknown): void {
  const o = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
  if (o.configuration && typeof o.configuration === "object")
    write(CONFIGURATION_KEY, JSON.stringify(o.configuration));
  space = asSpace(o.space) ?? space;
  if (o.settings && typeof o.settings === "object") apply(normaliseSettings(o.settings));
  else emit();
}

/** Loads settings, configuration and space for a session that began without them (e.g. OIDC). */
export async function loadSignInState(): Promise<void> {
  applySignIn(await interfaceApi.post("/api/user/getSettings", {}, { loading: false }));
}

/** Changes settings here at once and on the server; the server's answer is what stays. */
export async function saveSettings(patch: Partial<UserSettings>): Promise<UserSettings> {
  apply(normaliseSettings(patch, current));
  const answer = await interfaceApi.post("/api/user/saveSettings", { ...patch }, { loading: false });
  apply(normaliseSettings(answer, current));
  return current;
}

/** The space used, as the server last told it (null before it did). */
export async function refreshSpace(): Promise<SpaceUse | null> {
  space = asSpace(await interfaceApi.post("/api/user/getSpace", {}, { loading: false })) ?? space;
  emit();
  return space;
}

export const userSettings = {
  get: (): UserSettings => current,
  space: (): SpaceUse | null => space,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Forgets the signed-out user's settings on this browser (the next sign-in brings its own). */
  reset(): void {
    space = null;
    apply(DEFAULT_SETTINGS);
  },
};

export function useSettings(): UserSettings {
  // server markup (tests) reads the same settings: there is no other source for them
  return useSyncExternalStore(userSettings.subscribe, userSettings.get, userSettings.get);
}
export function useUnit(): MeasureUnit {
  return useSettings().unit;
}
export function useSpace(): SpaceUse | null {
  return useSyncExternalStore(userSettings.subscribe, userSettings.space);
}

/** The unit chosen in the editor's label settings: kept here (MeasureUnit) and with the account. */
export function rememberUnit(unit: MeasureUnit): void {
  if (unit === current.unit) writeUnit(unit);
  else saveSettings({ unit }).catch(() => undefined);
}

/** What a new label starts with (more settings: size; print settings: resolution). */
export function newLabelDefaults() {
  return { width: current.labelWidth, height: current.labelHeight, targetDpi: current.targetDpi };
}
