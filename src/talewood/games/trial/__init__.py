"""The Trial of the Forest: four days of deeds, expeditions and camping in the Ancient Forest (content only so far)."""
