import dns2 from 'dns2';

// A DNS server on 127.0.0.1 answering crafted records (decision 073): the sending-domain checks
// point at it through DNS_RESOLVER (config.dnsResolver). A name the zone does not hold answers
// NXDOMAIN; a name it holds without the asked type answers NOERROR with no records (NODATA).

export interface FakeZoneEntry {
  TXT?: string[];
  MX?: Array<{ exchange: string; priority: number }>;
  A?: string[];
}

/** Names (lower case, no trailing dot) and their records. */
export type FakeZone = Record<string, FakeZoneEntry>;

export interface FakeDns {
  /** "127.0.0.1:<port>", the DNS_RESOLVER value. */
  address: string;
  /** Replaces the records it answers with. */
  setZone(zone: FakeZone): void;
  /** Names to answer SERVFAIL for (a DNS that does not answer). */
  failNames(names: string[]): void;
  close(): Promise<void>;
}

const { Packet } = dns2;
const NXDOMAIN = 3;
const SERVFAIL = 2;

/** A TXT record's text as 255-byte character-strings (RFC 1035 §3.3.14): long DKIM keys span several. */
function chunks(text: string): string[] {
  return text.match(/[\s\S]{1,255}/g) ?? [''];
}

export async function startFakeDns(initial: FakeZone = {}): Promise<FakeDns> {
  let zone = initial;
  let failing = new Set<string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      const entry = zone[name];
      const answer = (record: Partial<dns2.Packet.Resource>) => {
        if (question)
          response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, ...record }));
      };
      if (failing.has(name)) response.header.rcode = SERVFAIL;
      else if (!entry) response.header.rcode = NXDOMAIN;
      else if (question?.type === Packet.TYPE.TXT)
        for (const text of entry.TXT ?? []) answer({ data: chunks(text) });
      else if (question?.type === Packet.TYPE.MX)
        for (const mx of entry.MX ?? []) answer({ exchange: mx.exchange, priority: mx.priority });
      else if (question?.type === Packet.TYPE.A) for (const address of entry.A ?? []) answer({ address });
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp?.port;
  if (!port) throw new Error('The fake DNS server did not listen on UDP');
  return {
    address: `127.0.0.1:${port}`,
    setZone(next) {
      zone = next;
    },
    failNames(names) {
      failing = new Set(names);
    },
    close: () => server.close(),
  };
}
