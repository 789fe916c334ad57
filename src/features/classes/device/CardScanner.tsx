import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** The browser's barcode reader (Chromium on Android and ChromeOS, Safari); not in every TypeScript DOM library. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorCtor = new (opts: { formats: string[] }) => BarcodeDetectorLike;

function detectorCtor(): BarcodeDetectorCtor | null {
  const w = window as unknown as { BarcodeDetector?: BarcodeDetectorCtor };
  return typeof w.BarcodeDetector === 'function' ? w.BarcodeDetector : null;
}

/**
 * Reads a student card's QR code: with the camera where the browser has BarcodeDetector, and
 * always by typing the code printed under it (a USB or Bluetooth scanner types it too, then Enter).
 */
export function CardScanner({ opened, onClose, onCode }: { opened: boolean; onClose(): void; onCode(code: string): void }) {
  const [typed, setTyped] = useState('');
  const [camera, setCamera] = useState<'off' | 'on' | 'failed'>('off');
  const video = useRef<HTMLVideoElement | null>(null);
  const canScan = detectorCtor() !== null && typeof navigator.mediaDevices?.getUserMedia === 'function';

  useEffect(() => {
    if (!opened || camera !== 'on') return;
    const Ctor = detectorCtor();
    if (!Ctor) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = new Ctor({ formats: ['qr_code'] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        if (found.length > 0 && !stopped) {
          onCode(found[0].rawValue);
          return;
        }
      } catch {
        // a frame not ready yet: look again
      }
      timer = setTimeout(() => void look(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => setCamera('failed'));
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [opened, camera, onCode]);

  const close = () => {
    setCamera('off');
    setTyped('');
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="扫描学员卡" size="lg">
      <Stack>
        {canScan && camera !== 'on' && (
          <Button leftSection={<IconCamera size={18} />} size="lg" onClick={() => setCamera('on')}>
            打开摄像头扫码
          </Button>
        )}
        {camera === 'on' && <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} />}
        {camera === 'failed' && <Text c="red">无法打开摄像头，请输入卡片上的编码</Text>}
        {!canScan && (
          <Text size="sm" c="dimmed">
            本浏览器不支持摄像头扫码，请输入卡片二维码下方的编码，或使用扫码枪。
          </Text>
        )}
        <Group align="end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            size="lg"
            label="卡片编码"
            placeholder="CD1.…"
            value={typed}
            autoFocus
            onChange={(e) => setTyped(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && typed.trim()) {
                onCode(typed.trim());
                setTyped('');
              }
            }}
          />
          <Button
            size="lg"
            disabled={!typed.trim()}
            onClick={() => {
              onCode(typed.trim());
              setTyped('');
            }}
          >
            签到
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
