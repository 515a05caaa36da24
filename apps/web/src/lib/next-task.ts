/**
 * A task boundary: what follows runs in a task of its own, after the browser's pending ones
 * (a paint, an input). Steps that are each short but long together stay short tasks on a slow
 * phone, where four times a desktop's time over 50 ms is a tap waiting.
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
