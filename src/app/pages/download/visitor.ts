// The visitor's computer as the browser tells it: the User-Agent, refined by
// navigator.userAgentData where there is one (Chromium: the platform name, and on request the CPU,
// which tells Apple silicon from Intel; Safari and Firefox never say).
import { archOf, systemOf, type Visitor } from "../../../model/assistantPackages";

interface UserAgentData {
  readonly platform?: string;
  getHighEntropyValues?(hints: string[]): Promise<{ architecture?: string }>;
}

export async function detectVisitor(nav: Navigator = navigator): Promise<Visitor> {
  const uad = (nav as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  const system = systemOf(`${uad?.platform ?? ""} ${nav.userAgent}`);
  const hints = await uad?.getHighEntropyValues?.(["architecture"]).catch(() => undefined);
  return { system, arch: archOf(hints?.architecture) };
}
