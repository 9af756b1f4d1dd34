import { useParams } from 'react-router-dom';

// Minimal first version; filled in below the route wiring.
export default function DocCommentsPage() {
  const { id = '' } = useParams();
  return <main data-page="DocCommentsPage" data-id={id}><h1>加载中…</h1></main>;
}
