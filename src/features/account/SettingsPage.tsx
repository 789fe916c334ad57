import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Card, ColorSwatch, FileButton, Group, Select, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PATHS } from '../../contract/paths';
import { api, errorMessage } from '../../api/client';
import { fetchUserInfo, fetchUserSchools, modifyUserInfo } from '../../api/session';
import { notifyError, notifySuccess } from '../../components/feedback';
import { useSignedFileAddress } from '../../components/AttachmentField';
import { FrontDeskPinCard } from './FrontDeskPinCard';
import { SmsPasswordDialog } from './SmsPasswordDialog';
import { SIDEBAR_THEMES, useSession } from '../../components/session';

const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** 个人设置: avatar, city, sidebar theme and password (spec doc 000 §2, §3). */
export default function SettingsPage() {
  const session = useSession();
  const info = useQuery({ queryKey: ['account', 'info'], queryFn: fetchUserInfo });
  const schools = useQuery({ queryKey: ['account', 'schools'], queryFn: fetchUserSchools });
  const [avatar, setAvatar] = useState<string | null>(null);
  const avatarSrc = useSignedFileAddress(avatar);
  const [city, setCity] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [smsOpen, setSmsOpen] = useState(false);

  useEffect(() => {
    if (info.data) {
      setAvatar(info.data.avatar ?? null);
      setCity(info.data.city ?? null);
    }
  }, [info.data]);

  const cities = useMemo(() => {
    const names = new Set<string>();
    for (const s of schools.data?.schools ?? []) if (s.city_name) names.add(s.city_name);
    if (city) names.add(city);
    return [...names];
  }, [schools.data, city]);

  async function upload(file: File | null) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      notifyError('请上传正确的文件格式');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      notifyError('头像大小不得超过5M');
      return;
    }
    setUploading(true);
    try {
      const fd = new FormData();
      fd.append('file', file);
      const id = await api.upload<number | string>(PATHS.upload, fd);
      setAvatar(String(id));
      notifySuccess('上传成功');
    } catch (e) {
      notifyError(errorMessage(e, '上传失败'));
    } finally {
      setUploading(false);
    }
  }

  async function save() {
    setSaving(true);
    try {
      await modifyUserInfo({ avatar, city });
      session.updateUser({ avatar, city });
      notifySuccess('保存成功');
      void info.refetch();
    } catch (e) {
      notifyError(errorMessage(e, '保存失败'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="md" maw={720}>
      <Card withBorder padding="md">
        <Title order={5} mb="sm">
          基本信息
        </Title>
        <Stack gap="sm">
          <Group>
            <Avatar src={avatarSrc} size={64} radius="xl" color="blue">
              {session.user.name.slice(0, 1)}
            </Avatar>
            <Stack gap={4}>
              <Text fw={600}>{session.user.name}</Text>
              <Text size="xs" c="dimmed">
                账号：{session.user.login_id}
              </Text>
              <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg,image/gif,image/webp">
                {(props) => (
                  <Button {...props} variant="light" size="xs" loading={uploading}>
                    更换头像
                  </Button>
                )}
              </FileButton>
            </Stack>
          </Group>
          <Select
            label="所在城市"
            placeholder="请选择城市"
            data={cities}
            value={city}
            onChange={setCity}
            clearable
            searchable
            maw={280}
            nothingFoundMessage="无匹配城市"
          />
          <Group>
            <Button onClick={() => void save()} loading={saving} disabled={info.isPending}>
              保 存
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={5} mb="sm">
          侧边栏主题
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          {SIDEBAR_THEMES.map((t) => (
            <UnstyledButton
              key={t.key}
              onClick={() => session.setTheme(t.key)}
              aria-pressed={session.theme === t.key}
              aria-label={`主题 ${t.label}`}
              style={{ border: `2px solid ${session.theme === t.key ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-3)'}`, borderRadius: 6, padding: 8 }}
            >
              <Group gap={6} wrap="nowrap">
                <ColorSwatch color={t.background} size={20}>
                  {session.theme === t.key ? <IconCheck size={12} color="#fff" /> : null}
                </ColorSwatch>
                <Text size="sm">{t.label}</Text>
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder padding="md">
        <Group justify="space-between">
          <div>
            <Title order={5}>登录密码</Title>
            <Text size="xs" c="dimmed">
              定期修改密码可以保护账号安全
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="subtle" onClick={() => setSmsOpen(true)}>
              短信验证码修改
            </Button>
            <Button variant="light" onClick={session.openChangePassword}>
              修改密码
            </Button>
          </Group>
        </Group>
      </Card>
      <SmsPasswordDialog opened={smsOpen} onClose={() => setSmsOpen(false)} />
      <FrontDeskPinCard />
    </Stack>
  );
}
