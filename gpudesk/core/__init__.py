"""Pure-Python engine: models, estimators, recommender, advice, checklist, plan files. No Qt."""
