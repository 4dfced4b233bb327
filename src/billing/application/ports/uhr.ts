/** Port: the time the use cases date invoices, bookings and numbers with (fixed in unit tests). */
export abstract class Uhr {
  abstract jetzt(): Date;
}

export class Systemuhr extends Uhr {
  jetzt(): Date {
    return new Date();
  }
}
