// The glicko2 package (mmai/glicko2js) ships no types; this is the part we use.
declare module 'glicko2' {
  export interface Glicko2Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export type Glicko2Match = [Glicko2Player, Glicko2Player, number];
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Glicko2Player;
    updateRatings(matches: readonly Glicko2Match[]): void;
  }
}
