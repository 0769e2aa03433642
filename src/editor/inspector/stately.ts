// ?inspect=stately: forwards the editor's inspection events to the Stately web inspector
// (@statelyai/inspect, loaded only when asked for). It opens https://stately.ai/inspect in another
// window; offline that window stays empty and the editor carries on as usual.
import type { InspectionEvent } from "xstate";
import { inspectorSink } from "./sink";

/** The part of an @statelyai/inspect inspector the editor uses. */
export interface StatelyInspector {
  readonly inspect: { next?: (ev: InspectionEvent) => void };
  stop?(): void;
}

/** Sends the sink's events (first the actors already running) to the inspector; returns a detach. */
export function attachInspector(inspector: StatelyInspector): () => void {
  inspectorSink.forwardTo((ev) => {
    try {
      inspector.inspect.next?.(ev);
    } catch (err) {
      // an event the inspector cannot serialise must not break the editor
      console.error("Stately inspector refused an event", err);
    }
  });
  return () => {
    inspectorSink.forwardTo(null);
    inspector.stop?.();
  };
}

/** Loads @statelyai/inspect, opens its browser inspector and attaches it. */
export async function connectStately(): Promise<() => void> {
  const { createBrowserInspector } = await import("@statelyai/inspect");
  return attachInspector(createBrowserInspector({ autoStart: true }));
}
