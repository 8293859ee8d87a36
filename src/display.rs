//! English text for the position's small types (`Dice`, units, places),
//! used by `Display for Event`, `Game::summary` and clients.

use core::fmt;

use crate::dice::Dice;
use crate::game::{LandUnits, LeaderLocation, NavalLocation, NavalUnits};
use crate::rules::victory::{Outcome, VictoryKind};

/// The faces, highest first: "6 5 2"; "no dice" for none.
impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count() == 0 {
            return f.write_str("no dice");
        }
        let mut first = true;
        for face in (1..=6u8).rev() {
            for _ in 0..self.showing(face) {
                if !first {
                    f.write_str(" ")?;
                }
                write!(f, "{face}")?;
                first = false;
            }
        }
        Ok(())
    }
}

/// Writes "`n` `one`" or "`n` `many`", joined to what came before by ", ".
fn counted(f: &mut fmt::Formatter<'_>, first: &mut bool, n: u8, one: &str, many: &str) -> fmt::Result {
    if n == 0 {
        return Ok(());
    }
    if !*first {
        f.write_str(", ")?;
    }
    *first = false;
    write!(f, "{n} {}", if n == 1 { one } else { many })
}

/// "3 regulars, 1 mercenary"; "no units".
impl fmt::Display for LandUnits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("no units");
        }
        let mut first = true;
        counted(f, &mut first, self.regulars, "regular", "regulars")?;
        counted(f, &mut first, self.mercenaries, "mercenary", "mercenaries")?;
        counted(f, &mut first, self.cavalry, "cavalry", "cavalry")
    }
}

/// "2 squadrons, 1 corsair"; "no ships".
impl fmt::Display for NavalUnits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.total() == 0 {
            return f.write_str("no ships");
        }
        let mut first = true;
        counted(f, &mut first, self.squadrons, "squadron", "squadrons")?;
        counted(f, &mut first, self.corsairs, "corsair", "corsairs")
    }
}

/// The port's name, or "the" and the sea zone's name.
impl fmt::Display for NavalLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NavalLocation::Port(space) => f.write_str(space.name()),
            NavalLocation::Sea(zone) => write!(f, "the {}", zone.name()),
        }
    }
}

/// Where a leader is, as a phrase: "in Paris", "captured by France", "on the turn track".
impl fmt::Display for LeaderLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeaderLocation::Unavailable => f.write_str("out of play"),
            LeaderLocation::Space(space) => write!(f, "in {}", space.name()),
            LeaderLocation::Sea(zone) => write!(f, "in the {}", zone.name()),
            LeaderLocation::Captured(power) => write!(f, "captured by {}", power.name()),
            LeaderLocation::TurnTrack => f.write_str("on the turn track"),
            LeaderLocation::Removed => f.write_str("removed from the game"),
            LeaderLocation::ForeignWar(war) => write!(f, "on {}", war.name()),
        }
    }
}

/// "military", "religious", "standard", "domination", "time".
impl fmt::Display for VictoryKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VictoryKind::Military => "military",
            VictoryKind::Religious => "religious",
            VictoryKind::Standard => "standard",
            VictoryKind::Domination => "domination",
            VictoryKind::Time => "time",
        })
    }
}

/// "Papacy wins a domination victory (§23.3)".
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = match self.kind {
            VictoryKind::Military | VictoryKind::Religious => "§23.1",
            VictoryKind::Standard | VictoryKind::Domination | VictoryKind::Time => "§23.3",
        };
        write!(f, "{} wins a {} victory ({rule})", self.winner.name(), self.kind)
    }
}
