moved {
  from = module.svc
  to   = module.service
}
