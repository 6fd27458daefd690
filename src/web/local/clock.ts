/** Time for the page's controllers, injected so unit tests run them without waiting. */
export interface Clock {
  now(): number;
  after(ms: number, run: () => void): () => void;
}

export const realClock: Clock = {
  now: () => performance.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    return () => {
      clearTimeout(timer);
    };
  },
};
