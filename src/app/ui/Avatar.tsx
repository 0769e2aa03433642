// A round avatar: the user's picture, or the first letter of the nickname on a brand colour.
export function Avatar({ name, src, size = 32 }: { name: string; src?: string; size?: number }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (src) return <img className="avatar" src={src} alt="" style={style} />;
  const letter = Array.from(name.trim())[0]?.toUpperCase() ?? "?";
  return (
    <span className="avatar avatar-letter" style={style} aria-hidden="true">
      {letter}
    </span>
  );
}
