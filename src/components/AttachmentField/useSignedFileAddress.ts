import { useEffect, useState } from 'react';
import { signedFileAddress } from './upload';

/** The signed address of an attachment given by id (an avatar), or null while there is none. */
export function useSignedFileAddress(id: string | number | null | undefined): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const n = Number(id);
    if (!id || !Number.isInteger(n) || n <= 0) {
      setSrc(null);
      return;
    }
    let alive = true;
    void signedFileAddress({ id: n }).then((url) => alive && setSrc(url));
    return () => {
      alive = false;
    };
  }, [id]);
  return src;
}
