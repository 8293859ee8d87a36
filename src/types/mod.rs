//! The typed vocabulary of the game: powers, spaces, cards, people, units.
//!
//! Every type here is `Copy`, has `ALL`, `COUNT`, `index()`, `id()` (snake_case,
//! also its serde and `FromStr` form) and `name()`. Static facts are methods.

mod vocabulary;
pub(crate) use vocabulary::vocabulary;
pub use vocabulary::{ParseIdError, Vocabulary};

mod people;
pub use people::{
    Conquest, Conquistador, Debater, DebaterPool, DebaterSide, Discovery, Explorer, Leader, LeaderKind, MaritalStatus,
    Reformer, Ruler,
};

include!("space_gen.rs");
include!("sea_zone_gen.rs");
include!("card_gen.rs");

vocabulary! {
    /// A major power, in impulse order (§1).
    pub enum Power: "power" {
        /// The Ottoman Empire.
        Ottoman = ("ottoman", "Ottoman"),
        /// The Hapsburgs.
        Hapsburg = ("hapsburg", "Hapsburg"),
        /// England.
        England = ("england", "England"),
        /// France.
        France = ("france", "France"),
        /// The Papacy.
        Papacy = ("papacy", "Papacy"),
        /// The Protestants.
        Protestant = ("protestant", "Protestant"),
    }
}

vocabulary! {
    /// A minor power (§22).
    pub enum MinorPower: "minor power" {
        /// Genoa.
        Genoa = ("genoa", "Genoa"),
        /// Hungary-Bohemia.
        HungaryBohemia = ("hungary_bohemia", "Hungary-Bohemia"),
        /// Scotland.
        Scotland = ("scotland", "Scotland"),
        /// Venice.
        Venice = ("venice", "Venice"),
    }
}

vocabulary! {
    /// Whoever can control a space or own units: a major power, a minor power,
    /// or nobody ("independent", §1).
    pub enum Faction: "faction" {
        /// The Ottoman Empire.
        Ottoman = ("ottoman", "Ottoman"),
        /// The Hapsburgs.
        Hapsburg = ("hapsburg", "Hapsburg"),
        /// England.
        England = ("england", "England"),
        /// France.
        France = ("france", "France"),
        /// The Papacy.
        Papacy = ("papacy", "Papacy"),
        /// The Protestants.
        Protestant = ("protestant", "Protestant"),
        /// Genoa.
        Genoa = ("genoa", "Genoa"),
        /// Hungary-Bohemia.
        HungaryBohemia = ("hungary_bohemia", "Hungary-Bohemia"),
        /// Scotland.
        Scotland = ("scotland", "Scotland"),
        /// Venice.
        Venice = ("venice", "Venice"),
        /// Independent: controlled by no power.
        Independent = ("independent", "Independent"),
    }
}

impl Faction {
    /// The major power, if this is one.
    #[inline]
    pub const fn major(self) -> Option<Power> {
        let i = self as usize;
        if i < Power::COUNT { Some(Power::ALL[i]) } else { None }
    }

    /// The minor power, if this is one.
    #[inline]
    pub const fn minor(self) -> Option<MinorPower> {
        let i = self as usize;
        if i >= Power::COUNT && i < Power::COUNT + MinorPower::COUNT {
            Some(MinorPower::ALL[i - Power::COUNT])
        } else {
            None
        }
    }
}

impl From<Power> for Faction {
    #[inline]
    fn from(power: Power) -> Self {
        Faction::ALL[power.index()]
    }
}

impl From<MinorPower> for Faction {
    #[inline]
    fn from(minor: MinorPower) -> Self {
        Faction::ALL[Power::COUNT + minor.index()]
    }
}

vocabulary! {
    /// A language zone (§2.3). Some spaces are in none.
    pub enum LanguageZone: "language zone" {
        /// English.
        English = ("english", "English"),
        /// French.
        French = ("french", "French"),
        /// German.
        German = ("german", "German"),
        /// Italian.
        Italian = ("italian", "Italian"),
        /// Spanish.
        Spanish = ("spanish", "Spanish"),
    }
}

vocabulary! {
    /// The religious influence of a space (§1).
    pub enum Religion: "religion" {
        /// Catholic.
        Catholic = ("catholic", "Catholic"),
        /// Protestant.
        Protestant = ("protestant", "Protestant"),
        /// No religious influence: the Ottoman home spaces, which never change.
        Other = ("other", "Other"),
    }
}

vocabulary! {
    /// The type of a land space (§2.1).
    pub enum SpaceKind: "space kind" {
        /// A key (square): gives VP and cards. Capitals are keys.
        Key = ("key", "Key"),
        /// A fortress (star): walls, no VP.
        Fortress = ("fortress", "Fortress"),
        /// An electorate (hexagon), in Germany.
        Electorate = ("electorate", "Electorate"),
        /// An unfortified town (circle).
        Town = ("town", "Town"),
    }
}

impl SpaceKind {
    /// Keys, fortresses and electorates are fortified (§2.1).
    #[inline]
    pub const fn is_fortified(self) -> bool {
        !matches!(self, SpaceKind::Town)
    }
}

vocabulary! {
    /// The type of a card (§6.1).
    pub enum CardKind: "card kind" {
        /// A home card, in its owner's hand every turn.
        Home = ("home", "Home"),
        /// A mandatory event, played the turn it is drawn.
        Mandatory = ("mandatory", "Mandatory"),
        /// A response card, playable in any impulse.
        Response = ("response", "Response"),
        /// A combat card, playable in a battle.
        Combat = ("combat", "Combat"),
        /// Any other event card.
        Event = ("event", "Event"),
        /// A card of the two-player diplomacy deck (#201-#219).
        Diplomacy = ("diplomacy", "Diplomacy"),
    }
}

vocabulary! {
    /// A phase of the turn (§7).
    pub enum Phase: "phase" {
        /// Luther's 95 Theses (turn 1 only).
        LuthersTheses = ("luthers_theses", "Luther's 95 Theses"),
        /// Card draw.
        CardDraw = ("card_draw", "Card draw"),
        /// Diplomacy.
        Diplomacy = ("diplomacy", "Diplomacy"),
        /// The Diet of Worms (turn 1 only).
        DietOfWorms = ("diet_of_worms", "Diet of Worms"),
        /// Spring deployment.
        SpringDeployment = ("spring_deployment", "Spring deployment"),
        /// The action phase.
        Action = ("action", "Action"),
        /// Winter.
        Winter = ("winter", "Winter"),
        /// The New World.
        NewWorld = ("new_world", "New World"),
        /// Victory determination.
        VictoryDetermination = ("victory_determination", "Victory determination"),
    }
}

vocabulary! {
    /// A kind of land unit (§5.2).
    pub enum LandUnitKind: "land unit kind" {
        /// Regulars: every power.
        Regular = ("regular", "Regular"),
        /// Mercenaries: every major power but the Ottoman.
        Mercenary = ("mercenary", "Mercenary"),
        /// Cavalry: the Ottoman only.
        Cavalry = ("cavalry", "Cavalry"),
    }
}

vocabulary! {
    /// A kind of naval unit (§5.3).
    pub enum NavalUnitKind: "naval unit kind" {
        /// A squadron: 2 dice, 2 hits to kill.
        Squadron = ("squadron", "Squadron"),
        /// A corsair: 1 die, 1 hit; the Ottoman only.
        Corsair = ("corsair", "Corsair"),
    }
}
