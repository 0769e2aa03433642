// The AI dialog in its own chunk: nothing of it (nor pdfjs) is in the main bundle.
import { lazy, Suspense } from "react";
import { loadChunk } from "../router/lazyPage";

const AiDialog = lazy(() => loadChunk(() => import("./AiDialog")));

export function LazyAiDialog({ onClose }: { readonly onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <AiDialog onClose={onClose} />
    </Suspense>
  );
}
