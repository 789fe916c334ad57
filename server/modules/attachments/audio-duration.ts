import { parseFile } from 'music-metadata';

/** Extensions of the audio staff upload (recorded calls, lesson audio, pronunciation practice). */
const AUDIO_EXTS = new Set(['mp3', 'wav', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'flac', 'amr', 'wma', 'webm']);

export function isAudio(ext: string, mime: string): boolean {
  return mime.startsWith('audio/') || AUDIO_EXTS.has(ext.toLowerCase());
}

/**
 * The playing time of an audio file in milliseconds (spec: attachment `duration`, audio only), or
 * null when the file's format does not say and cannot be measured: an unreadable file is still a
 * file the user may keep, so this never fails the upload.
 */
export async function audioDurationMs(file: string): Promise<number | null> {
  try {
    const meta = await parseFile(file, { duration: true, skipCovers: true });
    const seconds = meta.format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
  } catch {
    return null;
  }
}
