/**
 * A text of the site (agreement, policy, version notes) as React text nodes: paragraphs split at blank lines, line
 * breaks kept by CSS (pre-wrap). No HTML is ever injected: whatever the text holds is shown as text.
 */
export function Paragraphs({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <div className="me-text">
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}
