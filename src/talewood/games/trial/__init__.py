"""The Trial of the Forest: four days of deeds, expeditions and camping in the Ancient Forest
(see docs/rules/trial.md)."""
