import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DataSource,
  EntitySubscriberInterface,
  In,
  QueryRunner,
  RemoveEvent,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  UpdateEvent,
} from 'typeorm';
import { credentialStamp, verifyPassword } from '../../platform/auth/password-hasher';
import {
  StaffAccount,
  StaffChangeListener,
  StaffDirectory,
  StaffUser,
} from '../../platform/auth/staff-directory';
import { BenutzerZugang } from '../application/benutzer-zugang';
import { Benutzer } from './persistence/benutzer.entity';

const staffWhere = { atr_verband_mitarbeiter: true, aktiviert: true };

/** The fields whose change can take a staff user's access away or change the identity a session keeps. */
const WATCHED_FIELDS = new Set([
  'aktiviert',
  'atr_verband_mitarbeiter',
  'password',
  'benutzername',
  'verband',
  'vorname',
  'nachname',
  'anzeigename',
]);

function toStaffAccount(b: Benutzer): StaffAccount {
  const name = b.anzeigename || [b.vorname, b.nachname].filter(Boolean).join(' ') || b.benutzername || '';
  return {
    id: b.id,
    kennnummer: b.kennnummer,
    name,
    verband: b.verband,
    login: b.benutzername ?? '',
    stamp: credentialStamp(b.password),
  };
}

/** Ids changed inside a transaction, reported when it commits; `null` stands for "not known". */
const PENDING = 'staffAccessChanges';
type Pending = { ids: Set<number> | null };

/**
 * Watches every write to Benutzer through TypeORM (saves, query-builder updates and deletes, inside
 * or outside transactions) for changes of the access fields or deletions and reports them after
 * the commit, so that the listener sees the committed state. Query-builder writes do not tell
 * which rows they hit: they are reported as `null`.
 */
class AccessChangeSubscriber implements EntitySubscriberInterface<Benutzer> {
  constructor(private readonly listener: StaffChangeListener) {}

  listenTo() {
    return Benutzer;
  }

  afterUpdate(event: UpdateEvent<Benutzer>): Promise<void> | void {
    const fields = event.databaseEntity
      ? event.updatedColumns.map((c) => c.propertyName)
      : Object.keys(event.entity ?? {});
    if (!fields.some((f) => WATCHED_FIELDS.has(f))) return;
    const id = event.databaseEntity?.id ?? (event.entity as Partial<Benutzer> | undefined)?.id;
    return this.changed(event.queryRunner, typeof id === 'number' ? id : null);
  }

  afterRemove(event: RemoveEvent<Benutzer>): Promise<void> | void {
    const id = event.databaseEntity?.id ?? event.entityId;
    return this.changed(event.queryRunner, typeof id === 'number' ? id : null);
  }

  afterTransactionCommit(event: TransactionCommitEvent): Promise<void> | void {
    // Nested transactions commit savepoints first; only the outermost commit counts.
    if (event.queryRunner.isTransactionActive) return;
    const pending = event.queryRunner.data?.[PENDING] as Pending | undefined;
    if (!pending) return;
    delete event.queryRunner.data[PENDING];
    return this.listener(pending.ids ? [...pending.ids] : null);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) delete event.queryRunner.data?.[PENDING];
  }

  private changed(queryRunner: QueryRunner, id: number | null): Promise<void> | void {
    if (!queryRunner.isTransactionActive) return this.listener(id === null ? null : [id]);
    queryRunner.data ??= {};
    const pending = ((queryRunner.data[PENDING] as Pending | undefined) ??= { ids: new Set() });
    if (id === null) pending.ids = null;
    else pending.ids?.add(id);
  }
}

/** Staff are Benutzer with atr_verband_mitarbeiter, aktiviert and a password; `login` is their benutzername. */
@Injectable()
export class BenutzerStaffDirectory extends StaffDirectory {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly zugang: BenutzerZugang,
  ) {
    super();
  }

  private repo() {
    return this.dataSource.getRepository(Benutzer);
  }

  async authenticate(login: string, password: string): Promise<StaffAccount | null> {
    const user = await this.repo().findOne({ where: { ...staffWhere, benutzername: login.trim() } });
    // Compare anyway when the user is unknown, so response time does not reveal valid login names.
    const valid = await verifyPassword(password, user?.password ?? DUMMY_HASH);
    return user && user.password && valid ? toStaffAccount(user) : null;
  }

  async findActive(id: number): Promise<StaffAccount | null> {
    const user = await this.repo().findOne({ where: { ...staffWhere, id } });
    return user && user.password ? toStaffAccount(user) : null;
  }

  async activeAmong(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const users = await this.repo().find({
      where: { ...staffWhere, id: In(ids) },
      select: { id: true, password: true },
    });
    return new Map(users.filter((u) => u.password).map((u) => [u.id, credentialStamp(u.password)]));
  }

  changePassword(user: StaffUser, oldPassword: string, newPassword: string): Promise<void> {
    return this.zugang.aendereEigenesPasswort(user, oldPassword, newPassword);
  }

  watchStaffChanges(listener: StaffChangeListener): () => void {
    const subscriber = new AccessChangeSubscriber(listener);
    this.dataSource.subscribers.push(subscriber);
    return () => {
      const index = this.dataSource.subscribers.indexOf(subscriber);
      if (index >= 0) this.dataSource.subscribers.splice(index, 1);
    };
  }
}

const DUMMY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';
