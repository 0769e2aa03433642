// The scan panel's camera (issue 27): the device camera (the back one on phones) read continuously
// with zxing-wasm, a torch toggle when the camera has one. A code held in view counts once.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { decodeFrame } from "./decode";
import { createRepeatFilter } from "./repeat";

/** Time between two decoded frames: zxing with tryHarder takes tens of ms per frame. */
const FRAME_MS = 150;

/** MediaStreamTrack with the torch capability of phones and tablets (not in the DOM typings yet). */
type TorchTrack = Omit<MediaStreamTrack, "getCapabilities"> & {
  getCapabilities?: () => { torch?: boolean };
};

export function Camera({ onCode }: { readonly onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const track = useRef<TorchTrack | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [torch, setTorch] = useState<boolean | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement("canvas");
    const repeat = createRepeatFilter();
    const tick = async () => {
      const v = video.current;
      if (stopped || !v) return;
      if (v.readyState >= 2 && v.videoWidth > 0) {
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        const g = canvas.getContext("2d", { willReadFrequently: true });
        if (g) {
          g.drawImage(v, 0, 0);
          try {
            const code = repeat.frame(
              await decodeFrame(g.getImageData(0, 0, canvas.width, canvas.height)),
              performance.now(),
            );
            if (code !== null && !stopped) onCodeRef.current(code);
          } catch (err) {
            console.error("camera decode failed", err);
          }
        }
      }
      if (!stopped) timer = setTimeout(tick, FRAME_MS);
    };
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error("no camera");
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
        if (stopped) return;
        const v = video.current;
        if (!v) return;
        v.srcObject = stream;
        await v.play().catch(() => undefined);
        const [tr] = stream.getVideoTracks() as TorchTrack[];
        track.current = tr ?? null;
        setTorch(tr?.getCapabilities?.().torch ? false : null);
        void tick();
      } catch {
        if (!stopped) setError(t("editor.scan.cameraError"));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const tr of stream?.getTracks() ?? []) tr.stop();
    };
  }, [t]);

  const toggleTorch = async () => {
    const on = !torch;
    try {
      await track.current?.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setTorch(on);
    } catch {
      setTorch(null);
    }
  };

  if (error)
    return (
      <p className="ink-scan-note" role="alert" data-testid="scan-camera-error">
        {error}
      </p>
    );
  return (
    <div className="ink-scan-camera">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t("editor.scan.cameraView")}
        data-testid="scan-video"
      />
      {torch !== null && (
        <button
          type="button"
          className="ink-btn"
          aria-pressed={torch}
          onClick={() => void toggleTorch()}
          data-testid="scan-torch"
        >
          {t("editor.scan.torch")}
        </button>
      )}
    </div>
  );
}
