import { Alert, Button, Card, Code, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useRef, useState } from 'react';
import { authErrorMessage, useMe } from '../auth/session.ts';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';
import { downloadText, recoveryCodesFilename, recoveryCodesText } from './recovery-codes.ts';
import { TwoFactorManage } from './TwoFactorManage.tsx';
import { notifySuccess } from '../widgets/notify.ts';

/**
 * Account → two-factor sign-in (decision 029): QR code, first code, recovery codes shown once; when
 * on, a new authenticator, new recovery codes or turning it off, each after the password or a
 * current code (decision 030). `onContinue` is the enrolment gate's way on.
 */
export function TwoFactorCard({ onContinue }: { onContinue?: () => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.auth.twoFactorStatus.queryOptions());
  const begin = useMutation(trpc.auth.beginTwoFactor.mutationOptions());
  const confirm = useMutation(trpc.auth.confirmTwoFactor.mutationOptions());
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const codesList = useRef<HTMLDivElement>(null);
  const enrolment = begin.data;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const result = await confirm.mutateAsync({ code });
      setRecoveryCodes(result.recoveryCodes);
      begin.reset();
      setCode('');
      await queryClient.invalidateQueries({ queryKey: trpc.auth.twoFactorStatus.queryKey() });
    } catch (cause) {
      setError(authErrorMessage(cause));
    }
  };

  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Two-factor sign-in
      </Title>
      <Stack>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {recoveryCodes && (
          <Alert color="yellow" variant="light" title="Save your recovery codes now">
            <Text size="sm">
              Each one signs you in once if you lose your phone. They are not shown again.
            </Text>
            <div ref={codesList}>
              <List size="sm" mt="xs" data-testid="recovery-codes">
                {recoveryCodes.map((c) => (
                  <List.Item key={c}>
                    <Code>{c}</Code>
                  </List.Item>
                ))}
              </List>
            </div>
            <RecoveryCodesActions codes={recoveryCodes} list={codesList} />
            {onContinue && (
              <Button mt="sm" onClick={onContinue}>
                I have saved them: continue
              </Button>
            )}
          </Alert>
        )}
        <Text size="sm" data-testid="two-factor-status">
          {status.data?.enabled ? 'Two-factor sign-in is on.' : 'Two-factor sign-in is off.'}
        </Text>
        {enrolment ? (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack>
              <Text size="sm">Scan this code with your authenticator app, then enter the code it shows.</Text>
              {enrolment.replacing && (
                // Decision 029: the factor in use stays on until the new one's code confirms it.
                <Text size="sm" c="dimmed" data-testid="two-factor-replacing">
                  Your current authenticator and recovery codes keep working until you turn on the new one.
                </Text>
              )}
              {/* The SVG is drawn by our server from the otpauth URI (qrcode), never by a third party. */}
              <div
                role="img"
                aria-label="QR code for your authenticator app"
                style={{ width: 200 }}
                dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
              />
              <Text size="sm">
                Or type this key: <Code data-testid="totp-secret">{enrolment.secret}</Code>
              </Text>
              <TextInput
                label="Code from the app"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
              <Button type="submit" loading={confirm.isPending} w="fit-content">
                Turn on
              </Button>
            </Stack>
          </form>
        ) : (
          // A first enrolment needs no proof; replacing one in use asks for it first (decision 030).
          !status.data?.enabled && (
            <Button
              variant="default"
              w="fit-content"
              loading={begin.isPending}
              onClick={() => {
                setError(null);
                begin.mutate(undefined, { onError: (cause) => setError(authErrorMessage(cause)) });
              }}
            >
              Set up two-factor sign-in
            </Button>
          )
        )}
        {status.data?.enabled && !enrolment && !onContinue && (
          <TwoFactorManage
            required={status.data.required}
            onRecoveryCodes={setRecoveryCodes}
            onReplace={(proof) => begin.mutateAsync(proof)}
            replacePending={begin.isPending}
          />
        )}
      </Stack>
    </Card>
  );
}

/** Copy and Download for codes shown once (decision 029). */
function RecoveryCodesActions({ codes, list }: { codes: string[]; list: RefObject<HTMLDivElement | null> }) {
  const email = useMe().data?.email ?? 'account';
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    try {
      // Absent outside a secure context (plain HTTP), and refused without permission.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopyFailed(false);
      notifySuccess('Recovery codes copied.');
    } catch {
      // Fallback: select the codes so Ctrl+C (or ⌘C) copies them.
      if (list.current) window.getSelection()?.selectAllChildren(list.current);
      setCopyFailed(true);
    }
  };
  return (
    <>
      <Group gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={() => void copy()}>
          Copy
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            downloadText(
              recoveryCodesFilename(site.name, email),
              recoveryCodesText(site.name, email, codes, new Date()),
            )
          }
        >
          Download
        </Button>
      </Group>
      {copyFailed && (
        <Text size="sm" mt="xs" role="status">
          This browser did not allow copying. The codes are selected: press Ctrl+C (⌘C on a Mac), or download
          them.
        </Text>
      )}
    </>
  );
}
