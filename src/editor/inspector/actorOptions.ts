// The one way the editor connects a machine to React: `useActorRef(logic, inspected(systemId, input))`
// and `useSelector` to read it. Every actor gets a stable systemId and the app's inspector (the QA
// panel, and the Stately web inspector through it), so each one shows in both.
import { inspectorSink } from "./sink";

export function inspected<I>(
  systemId: string,
  input: I,
): { systemId: string; input: I; inspect: typeof inspectorSink.inspect };
export function inspected(systemId: string): { systemId: string; inspect: typeof inspectorSink.inspect };
export function inspected(systemId: string, input?: unknown) {
  return input === undefined
    ? { systemId, inspect: inspectorSink.inspect }
    : { systemId, input, inspect: inspectorSink.inspect };
}
