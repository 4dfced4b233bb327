import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import passport from 'passport';
import { StaffDirectory, StaffUser } from './staff-directory';

type Serializer = (user: StaffUser, done: (err: unknown, id?: number) => void) => void;
type Deserializer = (id: number, done: (err: unknown, user?: StaffUser | false) => void) => void;
/** passport keeps serializers in process-wide lists and offers no way to remove one. */
type PassportLists = { _serializers: Serializer[]; _deserializers: Deserializer[] };

/**
 * The session keeps only the user id; every request reloads the user, so deactivation takes
 * effect at once. Registers itself for the lifetime of the app and removes itself on shutdown, so
 * that an app started later in the same process (tests) never reaches this app's closed database.
 */
@Injectable()
export class SessionSerializer implements OnModuleInit, OnModuleDestroy {
  private readonly serialize: Serializer = (user, done) => done(null, user.id);
  private readonly deserialize: Deserializer = (id, done) => {
    this.staff.findActive(id).then(
      (user) => done(null, user ?? false),
      (error) => done(error),
    );
  };

  constructor(private readonly staff: StaffDirectory) {}

  onModuleInit(): void {
    passport.serializeUser(this.serialize);
    passport.deserializeUser(this.deserialize);
  }

  onModuleDestroy(): void {
    const lists = passport as unknown as PassportLists;
    lists._serializers = lists._serializers.filter((fn) => fn !== this.serialize);
    lists._deserializers = lists._deserializers.filter((fn) => fn !== this.deserialize);
  }
}
