/** Messages between the server and a file-job child process (structured clone over the IPC channel). */

type RunMessage = { t: 'run'; id: number; job: string; input: unknown }
export type AnswerMessage =
  | { t: 'answer'; askId: number; ok: true; value: unknown }
  | { t: 'answer'; askId: number; ok: false; message: string }
export type ParentMessage = RunMessage | AnswerMessage

export type AskMessage = { t: 'ask'; id: number; askId: number; name: string; payload: unknown }
export type ChildMessage =
  | { t: 'done'; id: number; result: unknown }
  | { t: 'fail'; id: number; name: string; message: string }
  | AskMessage
