// The home page's guided tour for a user's first visit: the editing guide's machine and overlay
// (machines/guide.machine.ts, src/editor/guide), with its own five steps pointing at the real
// controls: 0 welcome, 1 New label, 2 your labels, 3 the navigation, 4 help and feedback. Skip on
// every step; closing it is remembered for this user (homeTourKey).
import "../../editor/editor.css";
import { GuideOverlay } from "../../editor/guide/GuideOverlay";
import { useGuide } from "../../editor/guide/useGuide";
import { homeTourKey } from "./homeTourKey";

const TARGETS: readonly (string | null)[] = [null, "new-label", "recent-labels", "main-nav", "feedback-open"];

export default function HomeTour({ userid }: { readonly userid: string }) {
  const { actor, step } = useGuide(homeTourKey(userid));
  if (step === null) return null;
  return <GuideOverlay actor={actor} step={step} targets={TARGETS} textPrefix="app.tour" figures={false} />;
}
