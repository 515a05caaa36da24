/** The reasons a post failed, under the form (spec 8). */
export function PostErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul
      role="alert"
      className="flex list-disc flex-col gap-1 rounded-xl border border-red-200 bg-red-50 py-2 pr-3 pl-7 text-sm text-red-800"
    >
      {messages.map((message, index) => (
        // The same message may come twice (err_msg and errors), so the index is part of the key.
        <li key={`${index}-${message}`}>{message}</li>
      ))}
    </ul>
  );
}
