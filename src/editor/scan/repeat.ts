// A camera sees the same code in frame after frame: it counts as one scan until the code has been
// out of sight for CAMERA_REPEAT_MS (or another code was read), so holding a label still prints it once.
export const CAMERA_REPEAT_MS = 1500;

export function createRepeatFilter(ms = CAMERA_REPEAT_MS) {
  let last: string | null = null;
  let seen = Number.NEGATIVE_INFINITY;
  return {
    /** a frame was read at `time`: the code when it counts as a new scan, else null */
    frame(code: string | null, time: number): string | null {
      if (code === null) return null;
      const fresh = code !== last || time - seen > ms;
      last = code;
      seen = time;
      return fresh ? code : null;
    },
  };
}
