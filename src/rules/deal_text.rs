//! What a deal says, in English (§9.1; issue #34 item 3): each term with
//! who gives what to whom ("France cedes Lyon to England"), so that a
//! person asked to accept a deal reads its terms first.

use crate::game::Game;
use crate::rules::negotiation::{Deal, Term};
use crate::types::{Faction, Power, Space};

impl Deal {
    /// The party that gives up `space` when `term` cedes it: the party that
    /// controls it, or whose minor ally does; the proposer when neither
    /// does (a term the deal's checks would have refused).
    pub fn ceding_party(&self, game: &Game, space: Space) -> Power {
        let controller = game.controller(space);
        let holds = |p: Power| controller == Faction::from(p) || game.allied(p, controller);
        if holds(self.recipient) && !holds(self.proposer) { self.recipient } else { self.proposer }
    }

    /// One term in English, with who gives what to whom.
    ///
    /// ```
    /// use here_i_stand::rules::negotiation::{Deal, Term};
    /// use here_i_stand::{Game, Power, Scenario, Setup, Space};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let deal = Deal::new(Power::England, Power::France);
    /// assert_eq!(deal.describe_term(&game, Term::Cede(Space::Lyon)), "France cedes Lyon to England");
    /// assert_eq!(
    ///     deal.describe_term(&game, Term::Card { giver: Power::England }),
    ///     "England gives France a random card draw"
    /// );
    /// ```
    pub fn describe_term(&self, game: &Game, term: Term) -> String {
        let (a, b) = (self.proposer, self.recipient);
        match term {
            Term::EndWar => format!("{a} and {b} end their war"),
            Term::Alliance => format!("{a} and {b} are allied for this turn"),
            Term::Divorce => "the Papacy grants Henry VIII's divorce".to_string(),
            Term::LiftExcommunication(ruler) => format!("the Papacy lifts the excommunication of {ruler}"),
            Term::ReturnLeader(leader) => {
                let owner = leader.owner().and_then(Faction::major).filter(|&p| self.is_party(p)).unwrap_or(b);
                format!("{} frees {leader}, who returns to {owner}", self.other(owner))
            }
            Term::Cede(space) => {
                let giver = self.ceding_party(game, space);
                format!("{giver} cedes {space} to {}", self.other(giver))
            }
            Term::LendSquadron { lender, port } => {
                format!("{lender} loans {} a squadron in {port} for this turn", self.other(lender))
            }
            Term::LendLeader { lender, leader } => {
                format!("{lender} loans {} {leader} for this turn", self.other(lender))
            }
            Term::Card { giver } => format!("{giver} gives {} a random card draw", self.other(giver)),
            Term::Mercenary { giver, space } => {
                format!("{giver} gives {} a mercenary from {space}", self.other(giver))
            }
        }
    }

    /// Every term in English, in the order they take effect; card draws
    /// and mercenaries given together are counted in one line ("England
    /// gives France 2 random card draws"). Empty for an empty deal.
    ///
    /// ```
    /// use here_i_stand::rules::negotiation::{Deal, Term};
    /// use here_i_stand::{Game, Power, Scenario, Setup, Space};
    ///
    /// let game = Game::new(Setup::new(Scenario::Y1517, 1));
    /// let mut deal = Deal::new(Power::England, Power::France);
    /// deal.add(Term::EndWar);
    /// deal.add(Term::Card { giver: Power::France });
    /// deal.add(Term::Card { giver: Power::France });
    /// assert_eq!(
    ///     deal.describe(&game),
    ///     ["England and France end their war", "France gives England 2 random card draws"]
    /// );
    /// ```
    pub fn describe(&self, game: &Game) -> Vec<String> {
        let mut lines = Vec::new();
        let mut draws_said = false;
        for term in self.terms() {
            match term {
                Term::Card { .. } if draws_said => {}
                Term::Card { giver } if self.cards > 1 => {
                    lines.push(format!("{giver} gives {} {} random card draws", self.other(giver), self.cards));
                    draws_said = true;
                }
                _ => lines.push(self.describe_term(game, term)),
            }
        }
        lines
    }
}
