/** Billing's VAT rule behind its exported read port (ports/steuersaetze.ts). */
import { Injectable } from '@nestjs/common';
import { steuerregel, type Steuerquellen } from '../domain/steuerquellen';
import { Steuersaetze } from './ports/steuersaetze';

@Injectable()
export class Steuerregel extends Steuersaetze {
  satz(quellen: Steuerquellen): number {
    return steuerregel(quellen).satz;
  }
}
