//! The salon's FAQ read for matching (`citabot_domain::understanding::FaqIndex`), kept between
//! chat turns. Each turn reads the profile afresh, as every setting is read, and hands its FAQ
//! here: the index is rebuilt only when those entries differ from the ones it was built from
//! (the FAQ was edited in Ajustes), so a turn costs a comparison of at most 50 entries, never
//! a rebuild. Nothing is keyed by time or version number, so an edit made by any instance or
//! straight in the database counts on the next turn.

use std::sync::{Arc, Mutex, PoisonError};

use citabot_domain::booking::profile::Faq;
use citabot_domain::understanding::FaqIndex;

/// The last FAQ index built, shared by every chat turn of this process.
#[derive(Debug, Default)]
pub struct FaqIndexCache {
    current: Mutex<Arc<FaqIndex>>,
}

impl FaqIndexCache {
    /// The index of `faq`: the one kept when it was built from these entries, else a new one
    /// (kept for the next turns).
    pub fn index_for(&self, faq: &[Faq]) -> Arc<FaqIndex> {
        let mut current = self.current.lock().unwrap_or_else(PoisonError::into_inner);
        if current.entries() != faq {
            *current = Arc::new(FaqIndex::new(faq));
        }
        Arc::clone(&current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(question: &str) -> Faq {
        Faq {
            question: question.to_owned(),
            answer: "Sí.".to_owned(),
        }
    }

    #[test]
    fn the_index_is_built_once_per_faq() {
        let cache = FaqIndexCache::default();
        let faq = vec![entry("¿Tenéis wifi?")];
        let first = cache.index_for(&faq);
        assert!(Arc::ptr_eq(&first, &cache.index_for(&faq.clone())));
        assert!(first.best("wifi?").is_some());
        let edited = vec![entry("¿Tenéis wifi?"), entry("¿Admitís perros?")];
        let second = cache.index_for(&edited);
        assert!(!Arc::ptr_eq(&first, &second));
        assert_eq!(second.entries(), edited.as_slice());
        assert!(Arc::ptr_eq(&second, &cache.index_for(&edited)));
    }
}
