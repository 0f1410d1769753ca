type AudioContextCtor = new () => AudioContext;

let context: AudioContext | null = null;

/** Two short rising sine tones with soft edges (no clicks), quiet. */
function chime(ctx: AudioContext) {
  const start = ctx.currentTime + 0.01;
  for (const [frequency, offset] of [
    [880, 0],
    [1318.5, 0.12],
  ] as const) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    const at = start + offset;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.16, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.26);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.28);
  }
}

/**
 * The arrival sound of a notification (spec 000 §7), made with the Web Audio API (no audio file).
 * Browsers refuse to play sound before the user has interacted with the page: it then stays
 * silent, as it does where Web Audio is missing.
 */
export function playNotificationSound(): void {
  try {
    const scope = globalThis as typeof globalThis & { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
    const Ctor = scope.AudioContext ?? scope.webkitAudioContext;
    if (!Ctor) return;
    const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
    if (activation && !activation.hasBeenActive) return;
    context ??= new Ctor();
    const ctx = context;
    if (ctx.state === 'running') {
      chime(ctx);
      return;
    }
    ctx.resume().then(
      () => {
        if (ctx.state === 'running') chime(ctx);
      },
      () => undefined,
    );
  } catch {
    // No sound: never an error for the user.
  }
}
