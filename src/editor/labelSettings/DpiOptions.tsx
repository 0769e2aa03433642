// The printer resolutions a label or a printer may target, as <option>s (203, 300, 600 dpi).
import { TARGET_DPIS } from "../../model/constants";

export function DpiOptions() {
  return (
    <>
      {TARGET_DPIS.map((d) => (
        <option key={d} value={d}>
          {d} dpi
        </option>
      ))}
    </>
  );
}
