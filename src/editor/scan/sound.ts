// The scan panel's sounds: a short high beep for found / printed, a low buzz for not found / failed
// (Web Audio, no files). Silent where audio is unavailable or not allowed yet.
let audio: AudioContext | null = null;

/** Plays after the current task: starting the audio device must not hold up the canvas. */
export function beep(ok: boolean): void {
  setTimeout(() => play(ok), 0);
}

function play(ok: boolean): void {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = ok ? "sine" : "square";
    osc.frequency.value = ok ? 1320 : 220;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    const t = audio.currentTime;
    osc.start(t);
    osc.stop(t + (ok ? 0.12 : 0.3));
  } catch {
    // no audio here: the toast says it
  }
}
