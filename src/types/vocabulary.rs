//! The `vocabulary!` macro: one declaration gives an enum its `ALL`, `COUNT`,
//! `index()`, `from_index()`, `id()`, `name()`, `Display`, `FromStr` and
//! (with the `serde` feature) serde by id.

use thiserror::Error;

/// Text that names no member of a vocabulary type.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown {kind} id {text:?}")]
pub struct ParseIdError {
    /// What kind of thing was asked for ("space", "card", ...).
    pub kind: &'static str,
    /// The text that was given.
    pub text: String,
}

/// What every vocabulary type offers, for code generic over them
/// ([`crate::EnumSet`], the action encoding).
pub trait Vocabulary: Copy + Eq + core::fmt::Debug + 'static {
    /// How many members there are.
    const COUNT: usize;
    /// Dense index, `0..COUNT`.
    fn index(self) -> usize;
    /// The member with this index, if any.
    fn from_index(index: usize) -> Option<Self>;
    /// The snake_case id.
    fn id(self) -> &'static str;
}

macro_rules! vocabulary {
    (
        $(#[$meta:meta])*
        pub enum $Name:ident : $kind:literal {
            $( $(#[$vmeta:meta])* $Variant:ident = ($id:literal, $name:literal) ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        pub enum $Name {
            $( $(#[$vmeta])* $Variant ),*
        }

        impl $Name {
            /// How many there are.
            pub const COUNT: usize = [$(stringify!($Variant)),*].len();
            /// Every member, in index order.
            pub const ALL: [$Name; Self::COUNT] = [$($Name::$Variant),*];
            const IDS: [&'static str; Self::COUNT] = [$($id),*];
            const NAMES: [&'static str; Self::COUNT] = [$($name),*];

            /// Dense index, `0..COUNT`.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The member with this index, if any.
            #[inline]
            pub const fn from_index(index: usize) -> Option<Self> {
                if index < Self::COUNT { Some(Self::ALL[index]) } else { None }
            }

            /// The snake_case id (also the serde and `FromStr` form).
            #[inline]
            pub const fn id(self) -> &'static str {
                Self::IDS[self as usize]
            }

            /// The display name.
            #[inline]
            pub const fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }
        }

        impl $crate::types::Vocabulary for $Name {
            const COUNT: usize = $Name::COUNT;
            #[inline]
            fn index(self) -> usize {
                $Name::index(self)
            }
            #[inline]
            fn from_index(index: usize) -> Option<Self> {
                $Name::from_index(index)
            }
            #[inline]
            fn id(self) -> &'static str {
                $Name::id(self)
            }
        }

        impl core::fmt::Display for $Name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl core::str::FromStr for $Name {
            type Err = $crate::types::ParseIdError;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .iter()
                    .copied()
                    .find(|member| member.id() == text)
                    .ok_or_else(|| $crate::types::ParseIdError { kind: $kind, text: text.into() })
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $Name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.id())
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $Name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct IdVisitor;
                impl serde::de::Visitor<'_> for IdVisitor {
                    type Value = $Name;
                    fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                        write!(f, "a {} id", $kind)
                    }
                    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<$Name, E> {
                        text.parse().map_err(E::custom)
                    }
                }
                deserializer.deserialize_str(IdVisitor)
            }
        }
    };
}

pub(crate) use vocabulary;
