// The few parts of autocannon the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Options = { url: string; headers?: Record<string, string>; connections?: number; duration?: number };
  type Result = { requests: { average: number }; errors: number; non2xx: number };
  type Instance = Promise<Result> & {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void;
  };
  export default function autocannon(options: Options): Instance;
}
