// The home page's guided tour for a user's first visit: the editing guide's machine and overlay
// (machines/guide.machine.ts, src/editor/guide), with its own five steps pointing at the real
// controls: 0 welcome, 1 New label, 2 your labels, 3 the navigation, 4 help and feedback. Skip on
// every step; closing it is remembered for this user, in this browser (homeTourKey) and on the
// server (so another browser does not show it again).
import "../../editor/editor.css";
import { useEffect, useState } from "react";
import { GuideOverlay, type TourStep } from "../../editor/guide/GuideOverlay";
import { useGuide } from "../../editor/guide/useGuide";
import { markTourSeen, tourSeen } from "../api/tours";
import { homeTourKey, rememberHomeTour } from "./homeTourKey";

const STEPS: readonly TourStep[] = [
  { target: null, title: "app.tour.title0", text: "app.tour.text0" },
  { target: "new-label", title: "app.tour.title1", text: "app.tour.text1" },
  { target: "recent-labels", title: "app.tour.title2", text: "app.tour.text2" },
  { target: "main-nav", title: "app.tour.title3", text: "app.tour.text3" },
  { target: "feedback-open", title: "app.tour.title4", text: "app.tour.text4" },
];

const tellServer = () => void markTourSeen("home").catch(() => undefined);

function Tour({ userid }: { readonly userid: string }) {
  const { actor, step } = useGuide(homeTourKey(userid), tellServer);
  if (step === null) return null;
  return <GuideOverlay actor={actor} step={step} steps={STEPS} figures={false} />;
}

export default function HomeTour({ userid }: { readonly userid: string }) {
  // first ask whether another browser of this user has seen it already
  const [show, setShow] = useState(false);
  useEffect(() => {
    let live = true;
    tourSeen("home").then(
      (seen) => {
        if (!live) return;
        if (seen) rememberHomeTour(userid);
        else setShow(true);
      },
      () => live && setShow(true), // the server cannot tell: show it (closing it still remembers it here)
    );
    return () => {
      live = false;
    };
  }, [userid]);
  return show ? <Tour userid={userid} /> : null;
}
