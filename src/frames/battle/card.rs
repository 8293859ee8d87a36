//! Battles fought for a card, off the map's procedure (#95 Sack of Rome,
//! §21.5; the Fight Foreign War action, §21.7): "a field battle", so the
//! same combat-card windows as §14 steps 4-7 (`frames::combat_cards`)
//! around a roll of two sides. The card's code (`events::card_battle_*`)
//! says who stands on each side, their dice, and what the result does.

use super::{CardBattle, War};
use crate::engine::Log;
use crate::events;
use crate::frames::Frame;
use crate::game::Game;
use crate::rules::battle::battle_losses;
use crate::rules::combat_cards::BattleCards;

impl Game {
    /// Opens the battle: its combat cards reset, the window before the roll
    /// (the attacker, then the defending powers in impulse order), then the
    /// automatic steps.
    pub(crate) fn begin_card_battle(&mut self, battle: CardBattle, log: &mut dyn Log) {
        self.war.cards = BattleCards::default();
        self.stack.push(Frame::War(War::CardBattle(battle)));
        self.open_card_window(battle.power, events::card_battle_defenders(self, battle));
        self.drive_war(log);
    }

    /// One automatic step: the roll and the window after it (Janissaries,
    /// #1), or the result (the frame is taken off and the card resolves it).
    pub(super) fn step_card_battle(&mut self, battle: CardBattle, log: &mut dyn Log) {
        if battle.rolled {
            self.stack.pop();
            events::resolve_card_battle(self, battle, log);
            return;
        }
        self.roll_card_battle(battle, log);
        if let Some(Frame::War(War::CardBattle(b))) = self.stack.top_mut() {
            b.rolled = true;
        }
        self.open_after_roll_window(|power, remaining| Frame::War(War::CombatCards { power, remaining }));
    }

    /// §14 step 6 for a card battle: both sides roll; with Surprise Attack
    /// (#29) the side that played it rolls first and the other rolls only
    /// with the units its hits left (none left: no roll).
    fn roll_card_battle(&mut self, battle: CardBattle, log: &mut dyn Log) {
        let units = events::card_battle_units(self, battle);
        match self.war.cards.surprise.map(usize::from) {
            None => {
                self.roll_card_side(battle, 0, units[0], log);
                self.roll_card_side(battle, 1, units[1], log);
            }
            Some(first) => {
                let first = first.min(1);
                self.roll_card_side(battle, first, units[first], log);
                let hits = self.war.cards.hits(first);
                self.war.cards.first_hits = hits;
                let left = units[1 - first].saturating_sub(hits);
                if left > 0 {
                    self.roll_card_side(battle, 1 - first, left, log);
                }
            }
        }
    }

    /// One side's roll with `units` standing: its main dice with the
    /// cards' extra and fewer dice, and Tercios' (#30).
    fn roll_card_side(&mut self, battle: CardBattle, side: usize, units: u8, log: &mut dyn Log) {
        let base = events::card_battle_dice(self, battle, side, units);
        let n = self.war.cards.main_dice(side, base);
        self.war.cards.rolled[side] = self.roll_dice(n);
        self.roll_tercios(side, battle.power, log);
    }

    /// §14 step 9 for a card battle whose sides had `units`: one loss per
    /// enemy hit (the both-wiped-out rule of
    /// [`battle_losses`]); after Surprise Attack, each side's hits on the
    /// other as they fell. By side: 0 the attacker, 1 the defender.
    pub(crate) fn card_battle_losses(&self, units: [u8; 2]) -> [u8; 2] {
        let c = self.war.cards;
        let hits = [c.hits(0), c.hits(1)];
        match c.surprise {
            None => {
                let (a, d) = battle_losses((units[0], c.dice(0)), (units[1], c.dice(1)), (hits[0], hits[1]));
                [a, d]
            }
            Some(_) => [hits[1].min(units[0]), hits[0].min(units[1])],
        }
    }
}
