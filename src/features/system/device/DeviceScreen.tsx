import { Alert, Badge, Button, Group, Modal, PasswordInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceTablet, IconKey, IconPencil, IconBan } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api, errorMessage } from '../../../api/client';
import { callApi } from '../../../api/call';
import { DEVICE_PERMS, devicePageCall, deviceRegisterCall, deviceRenameCall, deviceRevokeCall, deviceUserPinCall, PIN_RE, type DeviceRow } from '../../../contract/device';
import { PATHS, type UserSchools } from '../../../contract/paths';
import { useHasPermission, useSession } from '../../../components/session';
import { confirmAction, notifyError, notifySuccess } from '../../../components/feedback';
import { RefSelect } from '../../../components/options';
import { enterDeviceMode } from '../../../offline/device';

const LIST_KEY = ['system-devices'];

/**
 * 系统管理 › 设备管理 (issue 11): the campuses' front-desk tablets. 在本机开启设备模式 registers the
 * browser it is opened in as a front-desk device and signs the administrator out there; 吊销 takes
 * a lost tablet out of service in one click (its queued check-ins are refused on arrival).
 */
export default function DeviceScreen() {
  const can = useHasPermission();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: LIST_KEY, queryFn: () => callApi(devicePageCall, { query: { page: 1, rows: 200 } }) });
  const [registering, setRegistering] = useState(false);
  const [renaming, setRenaming] = useState<DeviceRow | null>(null);
  const [settingPin, setSettingPin] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: LIST_KEY });

  const revoke = async (d: DeviceRow) => {
    if (!(await confirmAction(`吊销「${d.name}」？该设备将不能再签到，尚未同步的签到记录会被拒绝。`, '吊销设备'))) return;
    try {
      await callApi(deviceRevokeCall, { body: { id: d.id } });
      notifySuccess(`已吊销「${d.name}」`);
      refresh();
    } catch (e) {
      notifyError(errorMessage(e, '吊销失败'));
    }
  };

  return (
    <Stack p="md" gap="md" data-testid="device-screen">
      <Group justify="space-between">
        <Title order={4}>设备管理</Title>
        <Group gap="xs">
          {can(DEVICE_PERMS.pin) && (
            <Button variant="default" leftSection={<IconKey size={16} />} onClick={() => setSettingPin(true)}>
              设置员工PIN
            </Button>
          )}
          {can(DEVICE_PERMS.register) && (
            <Button leftSection={<IconDeviceTablet size={16} />} onClick={() => setRegistering(true)}>
              在本机开启设备模式
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        在前台平板上以管理员登录，打开本页点「在本机开启设备模式」：平板即登记到所选校区，员工用个人 PIN 切换后签到；平板丢失时在此吊销。
      </Text>
      {list.error && <Alert color="red">{errorMessage(list.error, '设备列表加载失败')}</Alert>}
      <Table striped highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>设备名称</Table.Th>
            <Table.Th>校区</Table.Th>
            <Table.Th>登记人</Table.Th>
            <Table.Th>登记时间</Table.Th>
            <Table.Th>最近使用</Table.Th>
            <Table.Th>状态</Table.Th>
            <Table.Th>操作</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.content ?? []).map((d) => (
            <Table.Tr key={d.id} data-testid="device-row">
              <Table.Td>{d.name}</Table.Td>
              <Table.Td>{d.school_name}</Table.Td>
              <Table.Td>{d.registered_by_name}</Table.Td>
              <Table.Td>{d.registered_at}</Table.Td>
              <Table.Td>{d.last_seen_ms ? dayjs(d.last_seen_ms).format('YYYY-MM-DD HH:mm') : '—'}</Table.Td>
              <Table.Td>
                {d.state === 1 ? (
                  <Badge color="green">使用中</Badge>
                ) : (
                  <Badge color="red" title={`${d.revoked_by_name ?? ''} ${d.revoked_at ?? ''}`}>
                    已吊销
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {can(DEVICE_PERMS.rename) && (
                    <Button size="compact-sm" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => setRenaming(d)}>
                      重命名
                    </Button>
                  )}
                  {can(DEVICE_PERMS.revoke) && d.state === 1 && (
                    <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconBan size={14} />} onClick={() => void revoke(d)}>
                      吊销
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {list.data && list.data.content.length === 0 && (
        <Text c="dimmed" ta="center">
          还没有登记的前台设备
        </Text>
      )}
      <RegisterDialog opened={registering} onClose={() => setRegistering(false)} />
      <RenameDialog device={renaming} onClose={() => setRenaming(null)} onDone={refresh} />
      <UserPinDialog opened={settingPin} onClose={() => setSettingPin(false)} />
    </Stack>
  );
}

function RegisterDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { logout } = useSession();
  const schools = useQuery({ queryKey: ['device-register-schools'], queryFn: () => api.get<UserSchools>(PATHS.userSchools), enabled: opened });
  const [name, setName] = useState('前台平板');
  const [school, setSchool] = useState<string | null>(null);
  const register = useMutation({
    mutationFn: () => callApi(deviceRegisterCall, { body: { name, school_id: Number(school) } }),
    onSuccess: (reg) => {
      enterDeviceMode(reg);
      // The administrator's own session must not stay on a shared tablet: sign out; the app opens the device page.
      logout();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="在本机开启设备模式">
      <Stack>
        <Text size="sm">本浏览器将登记为所选校区的前台设备，并退出您的登录。之后员工用个人 PIN 切换即可签到。</Text>
        <TextInput label="设备名称" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={40} required />
        <Select
          label="校区"
          data={(schools.data?.schools ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={school}
          onChange={setSchool}
          searchable
          required
        />
        {register.error && <Alert color="red">{errorMessage(register.error, '开启失败')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button onClick={() => register.mutate()} loading={register.isPending} disabled={!name.trim() || !school}>
            开启设备模式
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RenameDialog({ device, onClose, onDone }: { device: DeviceRow | null; onClose(): void; onDone(): void }) {
  const [name, setName] = useState('');
  const rename = useMutation({
    mutationFn: () => callApi(deviceRenameCall, { body: { id: (device as DeviceRow).id, name } }),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <Modal opened={device !== null} onClose={onClose} title="重命名设备">
      <Stack>
        <TextInput label="设备名称" defaultValue={device?.name} key={device?.id} onChange={(e) => setName(e.currentTarget.value)} maxLength={40} data-autofocus />
        {rename.error && <Alert color="red">{errorMessage(rename.error, '重命名失败')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button onClick={() => rename.mutate()} loading={rename.isPending} disabled={!name.trim()}>
            保存
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function UserPinDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [userId, setUserId] = useState('');
  const [pin, setPin] = useState('');
  const save = useMutation({
    mutationFn: () => callApi(deviceUserPinCall, { body: { user_id: Number(userId), pin } }),
    onSuccess: () => {
      notifySuccess('PIN 已设置（该员工的 PIN 锁定同时解除）');
      setPin('');
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="设置员工PIN">
      <Stack>
        <RefSelect resource="sys_user" labels={['name', 'login_id']} value={userId} onChange={setUserId} label="员工" size="sm" required />
        <PasswordInput label="PIN（4-6 位数字）" value={pin} onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))} inputMode="numeric" />
        {save.error && <Alert color="red">{errorMessage(save.error, '设置失败')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={!userId || !PIN_RE.test(pin)}>
            保存
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
